"""The conversion as an Apache Beam pipeline: Discover | Plan | WriteShards | WriteManifest."""
