"""Converters: turn one raw input (its bytes and metadata) into one record. No Beam, no TensorFlow."""
