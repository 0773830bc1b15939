"""Readers: `tf.data` (`tf_data`), PyTorch (`torch`), and the options and sharding rule they share (`options`)."""
