"""One generator per domain; each fills its tables from a ``GenContext`` and nothing else."""
