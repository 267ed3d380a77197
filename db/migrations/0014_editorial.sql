CREATE TABLE `authors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`photo_url` text,
	`role` text DEFAULT '' NOT NULL,
	`areas` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authors_slug_unique` ON `authors` (`slug`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `byline_author_id` integer REFERENCES authors(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `kind` text DEFAULT 'article' NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `roundup` text;--> statement-breakpoint
CREATE INDEX `blog_posts_byline_idx` ON `blog_posts` (`byline_author_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `review` text;