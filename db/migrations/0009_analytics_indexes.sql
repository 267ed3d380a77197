DROP INDEX `conversions_occurred_idx`;--> statement-breakpoint
CREATE INDEX `conversions_occurred_idx` ON `conversions` (`occurred_at`,`status`,`product_id`,`page_path`,`commission_cents`,`sale_cents`);--> statement-breakpoint
DROP INDEX `product_analytics_type_idx`;--> statement-breakpoint
CREATE INDEX `product_analytics_product_type_idx` ON `product_analytics` (`product_id`,`event_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_analytics_type_idx` ON `product_analytics` (`event_type`,`created_at`,`page_path`);