// Tables of the identity capability. (Drizzle pg-core)
export {};
