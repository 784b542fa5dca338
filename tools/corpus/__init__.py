"""The offline web corpus: encyclopedia-style passages about the sandbox's cities and landmarks."""
