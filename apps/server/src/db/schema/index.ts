// Every table of the shop; drizzle-kit reads this folder to generate migrations.
export {};
