"""The plan model: what a source looks like, what a conversion asks for, and the metadata values that flow between the pipeline's stages. No Beam."""
