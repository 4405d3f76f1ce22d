// Tables of the members capability. (Drizzle pg-core)
export {};
