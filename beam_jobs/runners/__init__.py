"""Which Beam runner runs a conversion, and the plumbing some runners need (Dask's mended runner, Dataflow's worker package)."""
