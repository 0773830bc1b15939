"""Looking at a finished output without TensorFlow: `verify`, and the facts, text and HTML page of `shardify inspect`."""
