-- Records move to R2 (worker/history/records.ts); D1 keeps a slim index row per game.
-- Written by hand: drizzle-kit would rebuild `games` in place and lose its records. The
-- old table is kept as `games_v1` until `npm run history:migrate` has moved its rows
-- (docs/deploying.md); WITHOUT ROWID: the primary key is the row, stored once.
ALTER TABLE `games` RENAME TO `games_v1`;--> statement-breakpoint
CREATE TABLE `games` (
	`table_id` text NOT NULL,
	`deal_index` integer NOT NULL,
	`series` integer NOT NULL,
	`game_number` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`declarer` integer,
	`contract` integer,
	`result` integer,
	PRIMARY KEY(`table_id`, `deal_index`)
) WITHOUT ROWID;
