"""The pipeline's stages, one module each. A stage owns its steps, the rows they write and the
events they emit; the agents it calls (agents/) and the checks (citations/) are functions of
plain values. Tasks (jobs/tasks.py) hold the lease, call one stage and enqueue what follows.

    plan -> [awaiting_approval] -> research round 1 (a worker per sub-question, read under it)
         -> gap check -> [round 2] -> write (section by section) -> check -> report -> done
"""
