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
DROP INDEX `product_analytics_type_idx`;--> statement-breakpoint
DROP INDEX `product_analytics_product_type_idx`;--> statement-breakpoint
ALTER TABLE `product_analytics` ADD `viewed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `product_analytics_type_idx` ON `product_analytics` (`event_type`,`created_at`,`page_path`,`viewed`);--> statement-breakpoint
CREATE INDEX `product_analytics_product_type_idx` ON `product_analytics` (`product_id`,`event_type`,`created_at`,`viewed`);