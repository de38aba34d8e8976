# Uploads are read by a worker: their status (processing, ready, rejected) and why.

from django.conf import settings
from django.db import migrations, models


def name_existing_uploads(apps, schema_editor):
    """Uploads stored before this migration were read at once: they are ready; their file name
    is the last part of their upload:// URL."""
    Document = apps.get_model("agents", "Document")
    for doc in Document.objects.filter(collection="uploads", filename="").only("pk", "url").iterator():
        Document.objects.filter(pk=doc.pk).update(filename=doc.url.rsplit("/", 1)[-1][:200])


class Migration(migrations.Migration):
    dependencies = [
        ("agents", "0003_document_chunks"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="document",
            name="filename",
            field=models.CharField(blank=True, default="", max_length=200),
        ),
        migrations.AddField(
            model_name="document",
            name="processed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="document",
            name="reason",
            field=models.CharField(blank=True, default="", max_length=500),
        ),
        migrations.AddField(
            model_name="document",
            name="status",
            field=models.CharField(
                choices=[("processing", "Processing"), ("ready", "Ready"), ("rejected", "Rejected")],
                default="ready",
                max_length=12,
            ),
        ),
        migrations.AddIndex(
            model_name="document",
            index=models.Index(fields=["owner", "collection", "status"], name="documents_owner_status"),
        ),
        migrations.RunPython(name_existing_uploads, migrations.RunPython.noop),
    ]
