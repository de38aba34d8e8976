from django.contrib import admin

from agents.models import Document


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("id", "collection", "owner", "title", "kind", "published", "quality", "size_bytes")
    list_filter = ("collection", "kind")
    search_fields = ("title", "url")
    readonly_fields = ("raw_ref", "text", "search_vector")
