CREATE TABLE "social_search_words" (
	"word" varchar(40) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "social_search_words_trgm_idx" ON "social_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_names_trgm_idx" ON "accounts" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"username" gin_trgm_ops,("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "social_post_comments_author_idx" ON "social_post_comments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "social_post_likes_profile_idx" ON "social_post_likes" USING btree ("profile_id","post_id");--> statement-breakpoint
CREATE INDEX "taberna_orders_number_trgm_idx" ON "taberna_orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taberna_orders_name_trgm_idx" ON "taberna_orders" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taberna_payments_created_idx" ON "taberna_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "taberna_products_description_trgm_idx" ON "taberna_products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_order_idx" ON "taberna_stock_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_actor_idx" ON "taberna_stock_ledger" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_reason_trgm_idx" ON "taberna_stock_ledger" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taberna_variations_value_idx" ON "taberna_variations" USING btree (lower("value"));--> statement-breakpoint
CREATE INDEX "social_notifications_post_idx" ON "social_notifications" USING btree ("post_id");--> statement-breakpoint
CREATE FUNCTION "social_posts_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "social_search_words" ("word")
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(NEW."body", '')), '[^[:alpha:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "social_posts_search_words" AFTER INSERT OR UPDATE OF "body" ON "social_posts"
  FOR EACH ROW EXECUTE FUNCTION "social_posts_search_words"();--> statement-breakpoint
INSERT INTO "social_search_words" ("word")
  SELECT DISTINCT w FROM "social_posts", regexp_split_to_table(lower(coalesce("body", '')), '[^[:alpha:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT ("word") DO NOTHING;
--> statement-breakpoint
-- pg_trgm declares its similarity functions as cheap as an addition (cost 1), so the planner reads
-- every product rather than OR-ing a few trigram index scans; they cost about a hundred times that.
-- Only the functions' owner may say so: elsewhere the plans stay as they were (and the searches correct).
DO $$
BEGIN
  ALTER FUNCTION similarity(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity_op(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm''s functions keep their planner cost: this role does not own them';
END $$;
