CREATE TABLE `link_check_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger` text NOT NULL,
	`product_ids` text,
	`cursor` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`checked` integer DEFAULT 0 NOT NULL,
	`counts` text DEFAULT '{}' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`lease_until` integer,
	`requested_by` text
);
--> statement-breakpoint
CREATE INDEX `link_check_runs_open_idx` ON `link_check_runs` (`finished_at`,`id`);--> statement-breakpoint
CREATE TABLE `link_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`run_id` integer,
	`url` text NOT NULL,
	`checked_at` integer NOT NULL,
	`method` text NOT NULL,
	`status_code` integer,
	`final_url` text,
	`class` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_checks_product_idx` ON `link_checks` (`product_id`,`checked_at`);--> statement-breakpoint
CREATE TABLE `link_health` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`last_class` text NOT NULL,
	`last_status` integer,
	`last_final_url` text,
	`last_detail` text DEFAULT '' NOT NULL,
	`last_checked_at` integer NOT NULL,
	`consecutive` integer DEFAULT 1 NOT NULL,
	`flagged` integer DEFAULT false NOT NULL,
	`acknowledged_class` text,
	`acknowledged_final_url` text,
	`acknowledged_at` integer,
	`next_check_at` integer NOT NULL,
	`backoff_level` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_health_class_idx` ON `link_health` (`last_class`);--> statement-breakpoint
CREATE INDEX `link_health_flagged_idx` ON `link_health` (`flagged`);--> statement-breakpoint
CREATE INDEX `link_health_next_idx` ON `link_health` (`next_check_at`);