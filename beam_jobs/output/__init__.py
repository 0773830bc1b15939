"""The output folder: claiming it, writing into it atomically, its lock, and resuming into it."""
