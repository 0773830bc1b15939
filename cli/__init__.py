"""The `shardify` command line. Commands stay thin: they parse, call library code and report."""
