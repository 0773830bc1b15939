"""The record format: what a shard, its index and the manifest hold, and how they are named."""
