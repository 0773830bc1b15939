"""Metadata other tools read, derived from the manifest (TensorFlow Datasets').

`shardify/tfds_features.py` stays at the package's top: every output's `features.json` names its class by that dotted path."""
