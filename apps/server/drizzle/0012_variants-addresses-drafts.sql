CREATE TABLE "taberna_product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"color_id" integer,
	"size_id" integer,
	"sku" varchar(64) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"price" numeric(10, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_product_variants_choice_key" UNIQUE NULLS NOT DISTINCT("product_id","color_id","size_id"),
	CONSTRAINT "taberna_product_variants_stock_check" CHECK ("taberna_product_variants"."stock" >= 0),
	CONSTRAINT "taberna_product_variants_price_check" CHECK ("taberna_product_variants"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "taberna_orders" ALTER COLUMN "phone" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "taberna_profiles" ALTER COLUMN "phone" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "taberna_profiles" ALTER COLUMN "phone" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD COLUMN "sku" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD COLUMN "color" varchar(50);--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD COLUMN "size" varchar(50);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "postal_code" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "country_code" varchar(2);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "delivery_country_code" varchar(2);--> statement-breakpoint
ALTER TABLE "taberna_product_gallery" ADD COLUMN "color" varchar(50);--> statement-breakpoint
ALTER TABLE "taberna_products" ADD COLUMN "status" varchar(10) DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_profiles" ADD COLUMN "postal_code" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_profiles" ADD COLUMN "country_code" varchar(2);--> statement-breakpoint
ALTER TABLE "taberna_profiles" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD COLUMN "variant_stock_after" integer;--> statement-breakpoint
ALTER TABLE "taberna_product_variants" ADD CONSTRAINT "taberna_product_variants_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_product_variants" ADD CONSTRAINT "taberna_product_variants_color_id_taberna_variations_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."taberna_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_product_variants" ADD CONSTRAINT "taberna_product_variants_size_id_taberna_variations_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."taberna_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_product_variants_sku_key" ON "taberna_product_variants" USING btree (lower("sku"));--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD CONSTRAINT "taberna_order_lines_variant_id_taberna_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."taberna_product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD CONSTRAINT "taberna_stock_ledger_variant_id_taberna_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."taberna_product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taberna_order_lines_variant_idx" ON "taberna_order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_variant_idx" ON "taberna_stock_ledger" USING btree ("variant_id","created_at");--> statement-breakpoint
ALTER TABLE "taberna_products" ADD CONSTRAINT "taberna_products_status_check" CHECK ("taberna_products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
-- Issue 25, existing databases: every product gets one variant per active colour × active size (one
-- variant with neither when it has none), and its stock is shared out evenly among them in the order
-- the colours and sizes were added: each gets stock / n, the first stock % n one more. The sum is the
-- product's stock, so every product stays sellable with the stock it had.
INSERT INTO "taberna_product_variants" ("product_id", "color_id", "size_id", "sku", "stock")
SELECT "product_id", "color_id", "size_id",
  "base_sku" || CASE WHEN "duplicate" > 1 THEN '-' || "duplicate" ELSE '' END,
  "stock" / "n" + CASE WHEN "idx" < "stock" % "n" THEN 1 ELSE 0 END
FROM (
  SELECT *, row_number() OVER (PARTITION BY "base_sku" ORDER BY "idx") AS "duplicate"
  FROM (
    SELECT p."id" AS "product_id", c."id" AS "color_id", s."id" AS "size_id", p."stock",
      left('P' || p."id"
        || coalesce('-' || nullif(trim(both '-' from upper(regexp_replace(c."value", '[^A-Za-z0-9]+', '-', 'g'))), ''), '')
        || coalesce('-' || nullif(trim(both '-' from upper(regexp_replace(s."value", '[^A-Za-z0-9]+', '-', 'g'))), ''), ''), 56) AS "base_sku",
      row_number() OVER (PARTITION BY p."id" ORDER BY c."id" NULLS FIRST, s."id" NULLS FIRST) - 1 AS "idx",
      count(*) OVER (PARTITION BY p."id") AS "n"
    FROM "taberna_products" p
    LEFT JOIN "taberna_variations" c ON c."product_id" = p."id" AND c."category" = 'color' AND c."is_active"
    LEFT JOIN "taberna_variations" s ON s."product_id" = p."id" AND s."category" = 'size' AND s."is_active"
  ) "combos"
) "numbered"
ORDER BY "product_id", "idx";
--> statement-breakpoint
-- Combinations that orders and carts hold but that are no longer offered: kept inactive, without stock.
INSERT INTO "taberna_product_variants" ("product_id", "color_id", "size_id", "sku", "stock", "is_active")
SELECT DISTINCT "product_id", "color_id", "size_id",
  'P' || "product_id" || '-C' || coalesce("color_id"::text, '0') || '-S' || coalesce("size_id"::text, '0'), 0, false
FROM (
  SELECT l."product_id",
    (SELECT v."id" FROM "taberna_variations" v WHERE v."id" = ANY (l."variation_ids") AND v."category" = 'color' ORDER BY v."id" LIMIT 1) AS "color_id",
    (SELECT v."id" FROM "taberna_variations" v WHERE v."id" = ANY (l."variation_ids") AND v."category" = 'size' ORDER BY v."id" LIMIT 1) AS "size_id"
  FROM (
    SELECT "product_id", "variation_ids" FROM "taberna_order_lines"
    UNION SELECT "product_id", "variation_ids" FROM "taberna_cart_items"
  ) l
) "held"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "taberna_order_lines" l SET
  "variant_id" = v."id",
  "sku" = v."sku",
  "color" = (SELECT e->>'variation_value' FROM jsonb_array_elements(l."variations") e WHERE e->>'variation_category' = 'color' LIMIT 1),
  "size" = (SELECT e->>'variation_value' FROM jsonb_array_elements(l."variations") e WHERE e->>'variation_category' = 'size' LIMIT 1)
FROM "taberna_product_variants" v
WHERE v."product_id" = l."product_id"
  AND v."color_id" IS NOT DISTINCT FROM (SELECT x."id" FROM "taberna_variations" x WHERE x."id" = ANY (l."variation_ids") AND x."category" = 'color' ORDER BY x."id" LIMIT 1)
  AND v."size_id" IS NOT DISTINCT FROM (SELECT x."id" FROM "taberna_variations" x WHERE x."id" = ANY (l."variation_ids") AND x."category" = 'size' ORDER BY x."id" LIMIT 1);
--> statement-breakpoint
-- Numbers stored before were checked and written in E.164.
UPDATE "taberna_orders" SET "phone_verified" = true WHERE "phone" ~ '^\+[0-9]{6,15}$';
