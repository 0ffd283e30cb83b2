CREATE TABLE "social_blocks" (
	"profile_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_blocks_profile_id_target_id_pk" PRIMARY KEY("profile_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "social_bookmarks" (
	"profile_id" integer NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_bookmarks_profile_id_post_id_pk" PRIMARY KEY("profile_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "social_mutes" (
	"profile_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_mutes_profile_id_target_id_pk" PRIMARY KEY("profile_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "social_post_edits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"body" text,
	"content_warning" varchar(100),
	"alts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_post_mentions" (
	"post_id" uuid NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "social_post_mentions_post_id_profile_id_pk" PRIMARY KEY("post_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "social_post_attachments" ADD COLUMN "alt" varchar(1000);--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "content_warning" varchar(100);--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD COLUMN "bio" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD COLUMN "header" varchar(300);--> statement-breakpoint
ALTER TABLE "social_blocks" ADD CONSTRAINT "social_blocks_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_blocks" ADD CONSTRAINT "social_blocks_target_id_social_profiles_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bookmarks" ADD CONSTRAINT "social_bookmarks_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bookmarks" ADD CONSTRAINT "social_bookmarks_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_mutes" ADD CONSTRAINT "social_mutes_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_mutes" ADD CONSTRAINT "social_mutes_target_id_social_profiles_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_edits" ADD CONSTRAINT "social_post_edits_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_mentions" ADD CONSTRAINT "social_post_mentions_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_mentions" ADD CONSTRAINT "social_post_mentions_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_blocks_list_idx" ON "social_blocks" USING btree ("profile_id","created_at","target_id");--> statement-breakpoint
CREATE INDEX "social_blocks_target_idx" ON "social_blocks" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "social_bookmarks_list_idx" ON "social_bookmarks" USING btree ("profile_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "social_bookmarks_post_idx" ON "social_bookmarks" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "social_mutes_list_idx" ON "social_mutes" USING btree ("profile_id","created_at","target_id");--> statement-breakpoint
CREATE INDEX "social_mutes_target_idx" ON "social_mutes" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "social_post_edits_post_idx" ON "social_post_edits" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "social_post_mentions_profile_idx" ON "social_post_mentions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "accounts_first_name_prefix_idx" ON "accounts" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_last_name_prefix_idx" ON "accounts" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_username_prefix_idx" ON "accounts" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "social_profiles_slug_prefix_idx" ON "social_profiles" USING btree ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "social_profiles_connected_idx" ON "social_profiles" USING btree ("friends_count","id");--> statement-breakpoint
CREATE INDEX "social_notifications_unread_type_idx" ON "social_notifications" USING btree ("created_for_id","type_of_notification","created_at") WHERE "social_notifications"."is_read" = false;