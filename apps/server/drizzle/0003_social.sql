CREATE TABLE "social_friendship_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_for_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_friendships" (
	"profile_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_friendships_profile_id_friend_id_pk" PRIMARY KEY("profile_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "social_hashtags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_hashtags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tag" varchar(100) NOT NULL,
	"public_posts_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_post_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image" varchar(300) NOT NULL,
	"thumbnail" varchar(300) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_post_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"created_by_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_post_hashtags" (
	"post_id" uuid NOT NULL,
	"hashtag_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"listed" boolean NOT NULL,
	CONSTRAINT "social_post_hashtags_post_id_hashtag_id_pk" PRIMARY KEY("post_id","hashtag_id")
);
--> statement-breakpoint
CREATE TABLE "social_post_likes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"profile_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_post_reports" (
	"post_id" uuid NOT NULL,
	"profile_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_post_reports_post_id_profile_id_pk" PRIMARY KEY("post_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by_id" integer NOT NULL,
	"body" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(body, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "social_trends" (
	"hashtag_id" integer PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"occurences" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_for_id" integer NOT NULL,
	"created_by_id" integer,
	"type_of_notification" varchar(30) NOT NULL,
	"body" varchar(300) NOT NULL,
	"post_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_profiles" ADD COLUMN "visible_posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_profiles" ADD COLUMN "public_posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_friendship_requests" ADD CONSTRAINT "social_friendship_requests_created_by_id_social_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_friendship_requests" ADD CONSTRAINT "social_friendship_requests_created_for_id_social_profiles_id_fk" FOREIGN KEY ("created_for_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_friendships" ADD CONSTRAINT "social_friendships_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_friendships" ADD CONSTRAINT "social_friendships_friend_id_social_profiles_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_attachments" ADD CONSTRAINT "social_post_attachments_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_comments" ADD CONSTRAINT "social_post_comments_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_comments" ADD CONSTRAINT "social_post_comments_created_by_id_social_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_hashtags" ADD CONSTRAINT "social_post_hashtags_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_hashtags" ADD CONSTRAINT "social_post_hashtags_hashtag_id_social_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."social_hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_likes" ADD CONSTRAINT "social_post_likes_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_likes" ADD CONSTRAINT "social_post_likes_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_reports" ADD CONSTRAINT "social_post_reports_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_reports" ADD CONSTRAINT "social_post_reports_profile_id_social_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_created_by_id_social_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_trends" ADD CONSTRAINT "social_trends_hashtag_id_social_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."social_hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notifications" ADD CONSTRAINT "social_notifications_created_for_id_social_profiles_id_fk" FOREIGN KEY ("created_for_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notifications" ADD CONSTRAINT "social_notifications_created_by_id_social_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."social_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_notifications" ADD CONSTRAINT "social_notifications_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_friendship_requests_pair_key" ON "social_friendship_requests" USING btree ("created_by_id","created_for_id");--> statement-breakpoint
CREATE INDEX "social_friendship_requests_for_idx" ON "social_friendship_requests" USING btree ("created_for_id","status");--> statement-breakpoint
CREATE INDEX "social_friendships_friend_idx" ON "social_friendships" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_hashtags_tag_key" ON "social_hashtags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "social_post_attachments_post_idx" ON "social_post_attachments" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "social_post_comments_post_idx" ON "social_post_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "social_post_hashtags_listed_idx" ON "social_post_hashtags" USING btree ("hashtag_id","created_at","post_id") WHERE "social_post_hashtags"."listed";--> statement-breakpoint
CREATE INDEX "social_post_hashtags_recent_idx" ON "social_post_hashtags" USING btree ("created_at") WHERE "social_post_hashtags"."listed";--> statement-breakpoint
CREATE UNIQUE INDEX "social_post_likes_person_key" ON "social_post_likes" USING btree ("post_id","profile_id");--> statement-breakpoint
CREATE INDEX "social_posts_created_idx" ON "social_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "social_posts_author_created_idx" ON "social_posts" USING btree ("created_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "social_posts_public_created_idx" ON "social_posts" USING btree ("created_at","id") WHERE "social_posts"."is_private" = false and "social_posts"."is_hidden" = false;--> statement-breakpoint
CREATE INDEX "social_posts_search_idx" ON "social_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "social_posts_body_trgm_idx" ON "social_posts" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "social_notifications_unread_idx" ON "social_notifications" USING btree ("created_for_id","created_at") WHERE "social_notifications"."is_read" = false;