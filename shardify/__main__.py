"""`python -m shardify ...`: the same command line as the `shardify` script (for environments
where the script's folder is not on PATH)."""

from shardify.cli.main import main

main()
