CREATE TABLE `link_health_digests` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_health_mailed` (
	`user_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`class` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`, `class`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `product_trash` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`job_id` integer NOT NULL,
	`snapshot` text NOT NULL,
	`deleted_at` integer NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `undo_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_trash_job_idx` ON `product_trash` (`job_id`);--> statement-breakpoint
CREATE INDEX `product_trash_deleted_idx` ON `product_trash` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `undo_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`summary` text NOT NULL,
	`changes` text,
	`audit_id` integer,
	`user_id` text,
	`created_at` integer NOT NULL,
	`undone_at` integer,
	FOREIGN KEY (`audit_id`) REFERENCES `audit_log`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `undo_jobs_audit_idx` ON `undo_jobs` (`audit_id`);--> statement-breakpoint
CREATE INDEX `undo_jobs_created_idx` ON `undo_jobs` (`created_at`);--> statement-breakpoint
DROP INDEX `product_analytics_type_idx`;--> statement-breakpoint
DROP INDEX `product_analytics_product_type_idx`;--> statement-breakpoint
ALTER TABLE `product_analytics` ADD `viewed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `product_analytics_type_idx` ON `product_analytics` (`event_type`,`created_at`,`page_path`,`viewed`);--> statement-breakpoint
CREATE INDEX `product_analytics_product_type_idx` ON `product_analytics` (`product_id`,`event_type`,`created_at`,`viewed`);--> statement-breakpoint
ALTER TABLE `conversions` ADD `signed_at` integer;--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `previous_hits` integer DEFAULT 0 NOT NULL;