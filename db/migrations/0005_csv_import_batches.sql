CREATE TABLE `csv_import_batches` (
	`import_id` text NOT NULL,
	`batch_index` integer NOT NULL,
	`user_id` text,
	`answer` text NOT NULL,
	`link_ids` text DEFAULT '[]' NOT NULL,
	`untitled_product_ids` text DEFAULT '[]' NOT NULL,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `batch_index`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `csv_import_batches_created_idx` ON `csv_import_batches` (`created_at`);