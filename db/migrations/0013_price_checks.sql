CREATE TABLE `price_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`price` real,
	`sale_price` real,
	`in_stock` integer NOT NULL,
	`source` text NOT NULL,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_checks_product_idx` ON `price_checks` (`product_id`,`checked_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `price_checked_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `price_source` text;--> statement-breakpoint
ALTER TABLE `products` ADD `price_check_failed_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `price_check_error` text;--> statement-breakpoint
CREATE INDEX `products_price_checked_idx` ON `products` (`price_checked_at`);