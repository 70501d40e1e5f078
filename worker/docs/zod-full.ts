/**
 * What `zod/mini` resolves to where the OpenAPI document is made (document.ts): zod's full
 * build, every schema with zod-to-openapi's `openapi` (which `doc` in schemas/common.ts calls),
 * and the functions of the mini build that the full build has as methods only, doing what
 * those methods do. The schemas' modules are written once, for the mini build; loaded through
 * this, they make the document. Never part of the Worker.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';

extendZodWithOpenApi(z);

export * from 'zod';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export const extend = (schema: AnyObject, shape: z.ZodRawShape) => schema.extend(shape);
export const omit = (schema: AnyObject, mask: Record<string, true>) => schema.omit(mask);
export const required = (schema: AnyObject, mask?: Record<string, true>) => (mask === undefined ? schema.required() : schema.required(mask));
