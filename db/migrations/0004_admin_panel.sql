CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`user_id` text,
	`user_email` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`summary` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `asin` text GENERATED ALWAYS AS (json_extract(attributes, '$.asin')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `products` ADD `status` text GENERATED ALWAYS AS (case lower(coalesce(json_extract(attributes, '$.status'), 'active')) when 'draft' then 'draft' when 'published' then 'published' else 'active' end) VIRTUAL;--> statement-breakpoint
CREATE INDEX `products_asin_idx` ON `products` (`asin`);--> statement-breakpoint
CREATE INDEX `products_status_idx` ON `products` (`status`);--> statement-breakpoint
ALTER TABLE `site_builds` ADD `log_tail` text;