CREATE TABLE `pins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_type` text NOT NULL,
	`product_id` integer,
	`post_id` integer,
	`source_name` text DEFAULT '' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`link` text NOT NULL,
	`is_affiliate` integer DEFAULT false NOT NULL,
	`image_url` text NOT NULL,
	`alt_text` text DEFAULT '' NOT NULL,
	`board_id` text,
	`board_name` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`publish_at` integer,
	`published_at` integer,
	`pinterest_pin_id` text,
	`pinterest_url` text,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`publishing_started_at` integer,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pins_idempotency_key_uq` ON `pins` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `pins_status_created_idx` ON `pins` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `pins_board_created_idx` ON `pins` (`board_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pins_created_idx` ON `pins` (`created_at`);--> statement-breakpoint
CREATE INDEX `pins_status_publish_at_idx` ON `pins` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `pins_publishing_started_idx` ON `pins` (`publishing_started_at`);--> statement-breakpoint
CREATE INDEX `pins_product_idx` ON `pins` (`product_id`);--> statement-breakpoint
CREATE INDEX `pins_post_idx` ON `pins` (`post_id`);