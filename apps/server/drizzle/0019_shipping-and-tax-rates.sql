CREATE TABLE "taberna_shipping_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_shipping_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"free_over" numeric(10, 2),
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_shipping_zone_countries" (
	"country_code" varchar(2) PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_shipping_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_shipping_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"rest_of_world" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taberna_tax_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_tax_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" varchar(2) NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_tax_rates_rate_check" CHECK ("taberna_tax_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "shipping_method" varchar(100);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "shipping_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_shipping_rates" ADD CONSTRAINT "taberna_shipping_rates_zone_id_taberna_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."taberna_shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_shipping_zone_countries" ADD CONSTRAINT "taberna_shipping_zone_countries_zone_id_taberna_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."taberna_shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taberna_shipping_rates_zone_idx" ON "taberna_shipping_rates" USING btree ("zone_id","position");--> statement-breakpoint
CREATE INDEX "taberna_shipping_zone_countries_zone_idx" ON "taberna_shipping_zone_countries" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_shipping_zones_rest_of_world_key" ON "taberna_shipping_zones" USING btree ("rest_of_world") WHERE "taberna_shipping_zones"."rest_of_world";--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_tax_rates_country_key" ON "taberna_tax_rates" USING btree ("country_code");