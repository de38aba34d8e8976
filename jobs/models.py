"""The schema of the design card: jobs, subquestions, steps (the checkpoint), sources, notes,
report_claims, page_cache; plus provider_calls, the full record of every paid call.

Money is integer micro-dollars, time is aware datetimes, tokens are ints.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class Job(models.Model):
    class Status(models.TextChoices):
        PLANNING = "planning"
        AWAITING_APPROVAL = "awaiting_approval"
        RESEARCHING = "researching"
        WRITING = "writing"
        CHECKING = "checking"
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"

    class Depth(models.TextChoices):
        QUICK = "quick"
        DEEP = "deep"

    ACTIVE_STATUSES = (Status.PLANNING, Status.RESEARCHING, Status.WRITING, Status.CHECKING)
    TERMINAL_STATUSES = (Status.DONE, Status.FAILED, Status.CANCELLED)

    job_id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="jobs")
    question = models.TextField()
    depth = models.CharField(max_length=8, choices=Depth.choices, default=Depth.DEEP)
    sources = models.JSONField(default=list)
    require_approval = models.BooleanField(default=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PLANNING, db_index=True)
    round = models.PositiveSmallIntegerField(default=0)
    outline = models.JSONField(default=list, blank=True)
    # What the planner narrowed a broad question to ("Tell me about batteries" -> which kinds,
    # players and period); shown with the plan before research starts. "" when not narrowed.
    plan_scope = models.TextField(blank=True, default="")

    budget_tokens = models.PositiveIntegerField()
    budget_usd_micros = models.PositiveBigIntegerField()
    deadline_at = models.DateTimeField()
    tokens_used = models.PositiveIntegerField(default=0)
    usd_used_micros = models.PositiveBigIntegerField(default=0)

    # Lease with fencing: `epoch` is the lease generation. A re-dispatch bumps it and every
    # write of an older generation is refused.
    lease_owner = models.CharField(max_length=200, blank=True, default="")
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    epoch = models.PositiveIntegerField(default=1)
    step_seq = models.PositiveIntegerField(default=0)
    # Bumped by every build of the job's Redis budget ledger (jobs/runtime/ledger.py) and
    # written into it: a step whose commit finds the generation its calls were counted under
    # knows no rebuild came between, and needs no confirmation of its counts in Redis.
    ledger_generation = models.PositiveIntegerField(default=0)

    prompt_version = models.CharField(max_length=40, blank=True, default="")
    variant = models.CharField(max_length=40, blank=True, default="")
    # A follow-up question asked from a finished report (the design's online signal "follow-up
    # questions that ask for something the report missed"); `follow_up_missed` is that judgement.
    follow_up_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="follow_ups"
    )
    follow_up_missed = models.BooleanField(null=True, blank=True)
    stopped_reason = models.CharField(max_length=200, blank=True, default="")
    error = models.TextField(blank=True, default="")
    report = models.JSONField(null=True, blank=True)
    citation_precision = models.FloatField(null=True, blank=True)
    citation_coverage = models.FloatField(null=True, blank=True)
    # How many times the citation check was run again on a finished report (admin action);
    # each run's check steps live under their own keys.
    check_generation = models.PositiveSmallIntegerField(default=0)
    # A run of a watched question, and what changed against the report before it (set when the
    # run is done: jobs/watches.py).
    watch = models.ForeignKey("Watch", on_delete=models.SET_NULL, null=True, blank=True, related_name="runs")
    what_changed = models.JSONField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "jobs"
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["user", "-created_at"]),
            models.Index(fields=["status", "lease_expires_at"]),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(budget_tokens__gt=0), name="jobs_budget_tokens_positive"),
            models.CheckConstraint(condition=Q(budget_usd_micros__gt=0), name="jobs_budget_usd_positive"),
            models.CheckConstraint(condition=~Q(question=""), name="jobs_question_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.job_id} {self.question[:60]}"

    @property
    def is_terminal(self) -> bool:
        return self.status in self.TERMINAL_STATUSES


class SubQuestion(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        NOT_RESEARCHED = "not_researched"

    # A sub-question in one of these is finished: no worker runs on it again.
    FINISHED_STATUSES = (Status.DONE, Status.FAILED, Status.NOT_RESEARCHED)

    sq_id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="subquestions")
    round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    text = models.TextField()
    section = models.CharField(max_length=200, blank=True, default="")
    # 0: context; 1..3: its place in the chain of facts that answers the question (a later hop
    # uses what the one before it finds; round two names what round one found).
    hop = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    summary = models.TextField(blank=True, default="")
    not_found = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True, default="")

    class Meta:
        db_table = "subquestions"
        ordering = ["job_id", "round", "position"]
        constraints = [
            models.UniqueConstraint(fields=["job", "round", "position"], name="subquestions_unique_position"),
        ]

    def __str__(self) -> str:
        return self.text


class Step(models.Model):
    """Append-only log; this is the checkpoint. A step_key exists at most once."""

    class Kind(models.TextChoices):
        PLAN = "plan"
        SEARCH = "search"
        FETCH = "fetch"
        READ = "read"
        GAP_CHECK = "gap_check"
        WRITE = "write"
        CHECK = "check"

    id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="steps")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    sq = models.ForeignKey(SubQuestion, null=True, blank=True, on_delete=models.CASCADE, related_name="steps")
    step_key = models.CharField(max_length=255, unique=True)
    output = models.JSONField(default=dict)
    output_ref = models.CharField(max_length=255, blank=True, default="")
    model = models.CharField(max_length=120, blank=True, default="")
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    usd_micros = models.PositiveBigIntegerField(default=0)
    epoch = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "steps"
        ordering = ["job_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["job", "seq"], name="steps_unique_seq")]

    def __str__(self) -> str:
        return self.step_key


class Source(models.Model):
    source_id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="job_sources")
    # The sub-question whose worker claimed the URL: workers share one set of fetched URLs per job.
    sq = models.ForeignKey(SubQuestion, null=True, blank=True, on_delete=models.SET_NULL, related_name="sources")
    url = models.URLField(max_length=2000)
    url_hash = models.CharField(max_length=64)
    domain = models.CharField(max_length=255, db_index=True)
    title = models.CharField(max_length=500, blank=True, default="")
    published_at = models.DateField(null=True, blank=True)
    fetched_at = models.DateTimeField(null=True, blank=True)
    content_ref = models.CharField(max_length=255, blank=True, default="")
    content_chars = models.PositiveIntegerField(default=0)
    quality = models.FloatField(default=0.5)
    fetch_error = models.CharField(max_length=500, blank=True, default="")
    # A syndicated copy of a source already read: not read again, not an independent domain.
    duplicate_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        db_table = "sources"
        constraints = [models.UniqueConstraint(fields=["job", "url_hash"], name="sources_unique_url_per_job")]

    def __str__(self) -> str:
        return self.url


class Note(models.Model):
    """A claim with its quote, copied character for character from the stored page."""

    note_id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="notes")
    sq = models.ForeignKey(SubQuestion, on_delete=models.CASCADE, related_name="notes")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="notes")
    claim = models.TextField()
    quote = models.TextField()
    char_start = models.PositiveIntegerField()
    char_end = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "notes"
        ordering = ["note_id"]
        constraints = [
            models.CheckConstraint(condition=Q(char_end__gt=models.F("char_start")), name="notes_span_not_empty"),
            models.CheckConstraint(condition=~Q(quote=""), name="notes_quote_not_empty"),
        ]

    def __str__(self) -> str:
        return self.claim[:80]


class ReportClaim(models.Model):
    class Verdict(models.TextChoices):
        SUPPORTED = "supported"
        PARTIAL = "partial"
        UNSUPPORTED = "unsupported"
        # The judge's reply could not be used (twice): the sentence is dropped, and counted
        # apart from the ones the judge found unsupported.
        NOT_CHECKED = "not_checked"

    class Outcome(models.TextChoices):
        KEPT = "kept"
        REWRITTEN = "rewritten"
        DROPPED = "dropped"

    claim_id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="claims")
    section = models.CharField(max_length=200)
    section_index = models.PositiveSmallIntegerField(default=0)
    position = models.PositiveSmallIntegerField(default=0)
    sentence = models.TextField()
    note_ids = models.JSONField(default=list)
    verdict = models.CharField(max_length=12, choices=Verdict.choices)
    reason = models.TextField(blank=True, default="")
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.KEPT)
    # Every version the sentence went through: [{text, note_ids, verdict, reason, stage}].
    history = models.JSONField(default=list, blank=True)
    single_source = models.BooleanField(default=False)
    override_verdict = models.CharField(max_length=12, choices=Verdict.choices, blank=True, default="")
    override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    override_at = models.DateTimeField(null=True, blank=True)
    override_note = models.TextField(blank=True, default="")

    class Meta:
        db_table = "report_claims"
        ordering = ["job_id", "section_index", "position"]
        constraints = [
            models.UniqueConstraint(fields=["job", "section_index", "position"], name="report_claims_unique_position"),
        ]

    def __str__(self) -> str:
        return self.sentence[:80]


class PageCache(models.Model):
    url_hash = models.CharField(max_length=64, primary_key=True)
    url = models.URLField(max_length=2000)
    content_ref = models.CharField(max_length=255)
    raw_ref = models.CharField(max_length=255, blank=True, default="")
    title = models.CharField(max_length=500, blank=True, default="")
    published_at = models.DateField(null=True, blank=True)
    content_type = models.CharField(max_length=100, blank=True, default="")
    fetched_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "page_cache"

    def __str__(self) -> str:
        return self.url


class ProviderCall(models.Model):
    """Every paid call to a model or search provider, whether or not its step finished.

    `messages` is what the model saw; `trajectory_ref` holds the full, uncompressed history
    of the loop at that call (kept TRAJECTORY_RETENTION_DAYS).
    """

    class Kind(models.TextChoices):
        MODEL = "model"
        SEARCH = "search"

    id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="provider_calls")
    step_key = models.CharField(max_length=255, db_index=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    role = models.CharField(max_length=20, blank=True, default="")
    model = models.CharField(max_length=120, blank=True, default="")
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    usd_micros = models.PositiveBigIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    ok = models.BooleanField(default=True)
    error = models.CharField(max_length=500, blank=True, default="")
    messages = models.JSONField(default=list, blank=True)
    response = models.TextField(blank=True, default="")
    trajectory_ref = models.CharField(max_length=255, blank=True, default="")
    # The lease generation the call ran under: a step repeated after a re-dispatch shows up
    # as the same step_key under two epochs.
    epoch = models.PositiveIntegerField(default=1)
    # A call is recorded as started (settled false, with its reservation) before it is sent and
    # settled after: a call in flight when its worker died is paid for by the provider, so a
    # takeover counts it at its reservation (jobs/runtime/ledger.py settle_abandoned).
    settled = models.BooleanField(default=True)
    reserved_tokens = models.PositiveIntegerField(default=0)
    reserved_usd_micros = models.PositiveBigIntegerField(default=0)
    reservation_id = models.CharField(max_length=32, blank=True, default="")
    owner = models.CharField(max_length=200, blank=True, default="")  # the worker process (lease.OWNER)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "provider_calls"
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.kind}:{self.role}:{self.step_key}"


class JobQuery(models.Model):
    """Every search query a job has sent, normalised: code refuses a query sent twice."""

    id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="queries")
    normalised = models.CharField(max_length=300)
    query = models.CharField(max_length=300)
    step_key = models.CharField(max_length=255)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "job_queries"
        constraints = [models.UniqueConstraint(fields=["job", "normalised"], name="job_queries_unique")]

    def __str__(self) -> str:
        return self.query


# --- Web: per-user settings and the design's online signals (thumbs, citation clicks).
class UserSettings(models.Model):
    """Per-user defaults for new jobs; a missing row means the defaults below."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="research_settings"
    )
    require_approval = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "user_settings"

    def __str__(self) -> str:
        return f"settings of {self.user_id}"


class CitationClick(models.Model):
    """A reader opened a citation's quote on the report page."""

    id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="citation_clicks")
    note = models.ForeignKey(Note, on_delete=models.CASCADE, related_name="clicks")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "citation_clicks"


class ReportFeedback(models.Model):
    """Thumbs up or down, with an optional comment: one per user and report, updatable."""

    class Rating(models.IntegerChoices):
        UP = 1
        DOWN = -1

    id = models.BigAutoField(primary_key=True)
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="feedback")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    rating = models.SmallIntegerField(choices=Rating.choices)
    comment = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "report_feedback"
        constraints = [models.UniqueConstraint(fields=["job", "user"], name="report_feedback_one_per_user")]


# --- Integrations: signed webhooks and watched questions.
class WebhookEndpoint(models.Model):
    """A URL of a user's that receives signed deliveries (Standard Webhooks) of job events."""

    class Event(models.TextChoices):
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"
        PLAN_READY = "plan_ready"

    id = models.BigAutoField(primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.URLField(max_length=2000)
    # "whsec_" + base64 of the key bytes (the Standard Webhooks form); shown to its owner once.
    secret = models.CharField(max_length=100)
    events = models.JSONField(default=list)
    description = models.CharField(max_length=200, blank=True, default="")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "webhook_endpoints"
        ordering = ["id"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event for one endpoint: its message id, body and outcome after every attempt."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    id = models.BigAutoField(primary_key=True)
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    job = models.ForeignKey(Job, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # The Standard Webhooks `webhook-id`: the same for every attempt, so receivers can deduplicate.
    message_id = models.CharField(max_length=64, unique=True)
    # `<job_id>:<event type>:<event id>`: one delivery per event and endpoint, however often the
    # fan-out task runs.
    event_key = models.CharField(max_length=200)
    event_type = models.CharField(max_length=20)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "webhook_deliveries"
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "event_key"], name="webhook_deliveries_one_per_event")
        ]

    def __str__(self) -> str:
        return f"{self.event_type} -> {self.endpoint_id}"


class WebhookAttempt(models.Model):
    """One POST of a delivery: the HTTP status (None: no answer), latency and error."""

    id = models.BigAutoField(primary_key=True)
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="attempt_log")
    number = models.PositiveSmallIntegerField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    latency_ms = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "webhook_attempts"
        ordering = ["delivery", "number"]
        constraints = [models.UniqueConstraint(fields=["delivery", "number"], name="webhook_attempts_unique_number")]


class Watch(models.Model):
    """A finished report's question, researched again on a schedule. The row is its schedule:
    `next_run_at` is when the beat starts the next run (jobs.tasks.watches_run_due)."""

    class Schedule(models.TextChoices):
        DAILY = "daily"
        WEEKLY = "weekly"

    id = models.BigAutoField(primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watches")
    origin = models.ForeignKey(Job, on_delete=models.SET_NULL, null=True, blank=True, related_name="watches_started")
    question = models.TextField()
    depth = models.CharField(max_length=8, default="deep")
    sources = models.JSONField(default=list)
    schedule = models.CharField(max_length=8, choices=Schedule.choices)
    # Each run's caps; the run counts against the user's daily dollars like any job.
    budget_usd_micros = models.PositiveBigIntegerField()
    budget_tokens = models.PositiveIntegerField()
    active = models.BooleanField(default=True)
    next_run_at = models.DateTimeField(db_index=True)
    last_run_at = models.DateTimeField(null=True, blank=True)
    # Why the last due run did not start (the daily limit, too many open jobs); "" when it did.
    last_error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "watches"
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.schedule}: {self.question[:60]}"
