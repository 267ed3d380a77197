ALTER TABLE `contact_messages` ADD `client_hash` text;--> statement-breakpoint
CREATE INDEX `contact_messages_client_idx` ON `contact_messages` (`client_hash`,`created_at`);