"""Helpers the tests share: inputs made here, shards and reports read back, commands run."""
