"""`python -m shardify ...`: the same command line as the `shardify` script (for environments
where the script's folder is not on PATH).

`python -m` puts the working folder first on the import path, so a `shardify/` package there (the
repository's own source folder, when run from a clone's root after a non-editable install) is
imported instead of the installed one, and it holds no `shardify.cli` (the repository keeps `cli/`
beside it; only an install maps it under `shardify`). That stops here saying so, not with a bare
ModuleNotFoundError. The `shardify` script is not affected: its import path starts at the script's
own folder, never the working one.
"""

import sys

try:
    from shardify.cli.main import main
except ModuleNotFoundError as error:
    if error.name not in ("shardify.cli", "shardify.cli.main"):
        raise
    import shardify

    folder = next(iter(getattr(shardify, "__path__", ())), "?")
    sys.exit(
        f"error: python -m shardify imported shardify from {folder}, which is not the installed package (it holds no "
        f"shardify.cli): a shardify/ folder in the working directory comes first on python -m's path. Run the "
        f"`shardify` command instead, or python -m shardify from another folder"
    )

main()
