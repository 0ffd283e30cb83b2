CREATE TABLE "taberna_cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variation_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_cart_items_quantity_check" CHECK ("taberna_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "taberna_carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" varchar(64),
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(50) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" varchar(300),
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" varchar(200) NOT NULL,
	"variation_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"variations" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"product_price" numeric(10, 2) NOT NULL,
	"ordered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_order_lines_quantity_check" CHECK ("taberna_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "taberna_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"order_number" varchar(20) DEFAULT '' NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"phone" varchar(15) NOT NULL,
	"email" varchar(50) NOT NULL,
	"address_line_1" varchar(50) NOT NULL,
	"address_line_2" varchar(50) DEFAULT '' NOT NULL,
	"country" varchar(50) NOT NULL,
	"state" varchar(50) NOT NULL,
	"city" varchar(50) NOT NULL,
	"order_note" varchar(100) DEFAULT '' NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"order_total" numeric(12, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'New' NOT NULL,
	"payment_state" varchar(20) DEFAULT 'pending' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"session_id" varchar(255),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"is_ordered" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_orders_payment_state_check" CHECK ("taberna_orders"."payment_state" in ('pending', 'paid', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "taberna_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"payment_id" varchar(255) NOT NULL,
	"payment_method" varchar(30) NOT NULL,
	"amount_paid" numeric(12, 2) NOT NULL,
	"status" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_product_gallery" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_product_gallery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"image" varchar(300) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"image" varchar(300),
	"stock" integer DEFAULT 0 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_products_stock_check" CHECK ("taberna_products"."stock" >= 0),
	CONSTRAINT "taberna_products_price_check" CHECK ("taberna_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "taberna_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"subject" varchar(100) NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"rating" smallint NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_reviews_rating_check" CHECK ("taberna_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "taberna_test_checkout_sessions" (
	"id" varchar(80) PRIMARY KEY NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"description" varchar(200) NOT NULL,
	"lines" jsonb NOT NULL,
	"success_url" varchar(500) NOT NULL,
	"cancel_url" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"payment_id" varchar(80),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_variations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_variations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"category" varchar(10) NOT NULL,
	"value" varchar(50) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_variations_category_check" CHECK ("taberna_variations"."category" in ('color', 'size'))
);
--> statement-breakpoint
ALTER TABLE "taberna_cart_items" ADD CONSTRAINT "taberna_cart_items_cart_id_taberna_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."taberna_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_cart_items" ADD CONSTRAINT "taberna_cart_items_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_carts" ADD CONSTRAINT "taberna_carts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD CONSTRAINT "taberna_order_lines_order_id_taberna_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."taberna_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_order_lines" ADD CONSTRAINT "taberna_order_lines_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD CONSTRAINT "taberna_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_payments" ADD CONSTRAINT "taberna_payments_order_id_taberna_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."taberna_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_product_gallery" ADD CONSTRAINT "taberna_product_gallery_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_products" ADD CONSTRAINT "taberna_products_category_id_taberna_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."taberna_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_reviews" ADD CONSTRAINT "taberna_reviews_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_reviews" ADD CONSTRAINT "taberna_reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_variations" ADD CONSTRAINT "taberna_variations_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_cart_items_line_key" ON "taberna_cart_items" USING btree ("cart_id","product_id","variation_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_carts_token_key" ON "taberna_carts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_carts_account_key" ON "taberna_carts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "taberna_carts_guest_age_idx" ON "taberna_carts" USING btree ("updated_at") WHERE "taberna_carts"."account_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_categories_slug_key" ON "taberna_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "taberna_order_lines_order_idx" ON "taberna_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_orders_session_key" ON "taberna_orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "taberna_orders_account_idx" ON "taberna_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "taberna_orders_pending_idx" ON "taberna_orders" USING btree ("expires_at") WHERE "taberna_orders"."payment_state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_payments_order_key" ON "taberna_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "taberna_product_gallery_product_idx" ON "taberna_product_gallery" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_products_slug_key" ON "taberna_products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "taberna_products_category_idx" ON "taberna_products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "taberna_products_search_idx" ON "taberna_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "taberna_products_name_trgm_idx" ON "taberna_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_reviews_author_key" ON "taberna_reviews" USING btree ("product_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_variations_value_key" ON "taberna_variations" USING btree ("product_id","category",lower("value"));