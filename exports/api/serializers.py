"""Input and output serializers of the exports API (unique names for drf-spectacular)."""

from __future__ import annotations

from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.pagination import page_serializer
from exports.models import ExportFormat, ExportKind, ExportStatus


class ExportCreateInputSerializer(BodySerializer):
    kind = serializers.ChoiceField(choices=ExportKind.choices)
    format = serializers.ChoiceField(
        choices=ExportFormat.choices, default="json", help_text="transcripts: json only"
    )
    table = serializers.UUIDField(required=False, allow_null=True, help_text="one table only")
    # `from` is a Python keyword: the fields are declared below under their JSON names.

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField(
            required=False,
            allow_null=True,
            help_text="first club night (the club's time zone; a night runs until 06:00)",
        )
        fields["to"] = serializers.DateField(
            required=False, allow_null=True, help_text="last club night, inclusive"
        )
        return fields


class ExportJobOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.ChoiceField(choices=ExportKind.choices)
    format = serializers.ChoiceField(choices=ExportFormat.choices)
    table = serializers.UUIDField(source="table_id", allow_null=True)
    status = serializers.ChoiceField(choices=ExportStatus.choices)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    tables = serializers.IntegerField(allow_null=True, help_text="tables in the file")
    size_bytes = serializers.IntegerField(allow_null=True)
    content_type = serializers.CharField(allow_blank=True)
    error = serializers.CharField(allow_blank=True)
    download_url = serializers.CharField(allow_null=True, help_text="set once ready")
    url = serializers.URLField(help_text="this job: where to poll it")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField(source="date_from", allow_null=True)
        fields["to"] = serializers.DateField(source="date_to", allow_null=True)
        return fields


ExportJobListOutputSerializer = page_serializer(
    ExportJobOutputSerializer, "exports", "ExportJobPageOutputSerializer"
)
