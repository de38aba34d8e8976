"""The runtime floor: what every stage, agent and check stands on.

Step runner (the checkpoint), lease and epoch fencing, the Redis budget ledger and the budget
rules, metered paid calls and the retry policy, job events, errors and the Redis client.
Nothing here imports agents/, citations/ or the jobs app's top floor (import-linter checks it).
"""
