CREATE TABLE `games` (
	`table_id` text NOT NULL,
	`deal_index` integer NOT NULL,
	`game_number` integer NOT NULL,
	`record` text NOT NULL,
	`settlement` text NOT NULL,
	`finished_at` text NOT NULL,
	`written_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`table_id`, `deal_index`),
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `seats` (
	`table_id` text NOT NULL,
	`seat` integer NOT NULL,
	`name` text NOT NULL,
	`bot` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`table_id`, `seat`),
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`options` text NOT NULL,
	`created_at` text NOT NULL
);
