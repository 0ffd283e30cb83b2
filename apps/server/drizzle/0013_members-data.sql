ALTER TABLE "taberna_orders" DROP CONSTRAINT "taberna_orders_account_id_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "social_post_comments_author_idx";--> statement-breakpoint
DROP INDEX "social_notifications_post_idx";--> statement-breakpoint
ALTER TABLE "taberna_orders" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD CONSTRAINT "taberna_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_post_reports_profile_idx" ON "social_post_reports" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "taberna_reviews_account_idx" ON "taberna_reviews" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "social_notifications_for_idx" ON "social_notifications" USING btree ("created_for_id","created_at","id");--> statement-breakpoint
CREATE INDEX "social_notifications_by_idx" ON "social_notifications" USING btree ("created_by_id") WHERE "social_notifications"."created_by_id" is not null;--> statement-breakpoint
CREATE INDEX "social_conversation_messages_author_idx" ON "social_conversation_messages" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "social_conversation_messages_recipient_idx" ON "social_conversation_messages" USING btree ("sent_to_id");--> statement-breakpoint
CREATE INDEX "backoffice_audit_actor_idx" ON "backoffice_audit" USING btree ("actor_id") WHERE "backoffice_audit"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "social_post_comments_author_idx" ON "social_post_comments" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "social_notifications_post_idx" ON "social_notifications" USING btree ("post_id") WHERE "social_notifications"."post_id" is not null;