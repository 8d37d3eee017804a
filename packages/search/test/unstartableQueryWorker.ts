// A query thread for tests whose code fails as it loads, as when its bundle cannot run.
throw new Error('this query thread cannot start');
