CREATE TABLE `clicks` (
	`click_id` text PRIMARY KEY NOT NULL,
	`product_id` integer,
	`page_path` text NOT NULL,
	`network` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clicks_created_idx` ON `clicks` (`created_at`);--> statement-breakpoint
CREATE INDEX `clicks_product_idx` ON `clicks` (`product_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `conversions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`network` text NOT NULL,
	`transaction_id` text NOT NULL,
	`click_id` text,
	`product_id` integer,
	`page_path` text,
	`status` text NOT NULL,
	`sale_cents` integer DEFAULT 0 NOT NULL,
	`commission_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`source` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_network_transaction_uq` ON `conversions` (`network`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `conversions_occurred_idx` ON `conversions` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `conversions_product_idx` ON `conversions` (`product_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `conversions_click_idx` ON `conversions` (`click_id`);--> statement-breakpoint
CREATE TABLE `report_mappings` (
	`network` text PRIMARY KEY NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `revenue_networks` (
	`network` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`signature_secret` text,
	`created_at` integer NOT NULL,
	`rotated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `product_analytics` ADD `page_path` text;