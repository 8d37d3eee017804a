// The search engine lands in its own commit.
export {};
