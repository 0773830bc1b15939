"""Measured ratios of shardify against the tools users would use instead. Run: python -m benchmarks"""
