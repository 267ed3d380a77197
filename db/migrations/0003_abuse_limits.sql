CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expires_idx` ON `rate_limits` (`expires_at`);--> statement-breakpoint
CREATE TABLE `server_secrets` (
	`id` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sign_in_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_attempt_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
INSERT INTO `__new_sign_in_attempts`("key", "attempts", "last_attempt_at", "locked_until") SELECT 'account:' || "email", "failures", "last_failure_at", "locked_until" FROM `sign_in_attempts`;--> statement-breakpoint
DROP TABLE `sign_in_attempts`;--> statement-breakpoint
ALTER TABLE `__new_sign_in_attempts` RENAME TO `sign_in_attempts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sign_in_attempts_last_idx` ON `sign_in_attempts` (`last_attempt_at`);