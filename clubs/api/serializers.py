from __future__ import annotations

from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.fields import StrictCharField
from api_common.pagination import page_serializer
from clubs.models import ApiKey, Role


class ApiKeyCreateInputSerializer(BodySerializer):
    name = StrictCharField(
        trim_whitespace=False, allow_blank=True, help_text="at most 200 characters"
    )  # what a name may hold is `api_key_create`'s to say, as for the Members page
    # Operator keys come only from the shell (manage.py operator_key).
    role = serializers.ChoiceField(choices=[c for c in Role.choices if c[0] != Role.OPERATOR])


class ApiKeyOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiKey
        fields = ["id", "name", "role", "prefix", "created_at", "revoked_at"]


class ApiKeyCreatedOutputSerializer(serializers.ModelSerializer):
    key = serializers.CharField(
        allow_null=True,
        help_text="the key itself: shown only in this response (null in an idempotent replay: "
        "a secret is never kept; revoke the key and make another)",
    )

    class Meta:
        model = ApiKey
        fields = ["id", "name", "role", "prefix", "created_at", "revoked_at", "key"]


ApiKeyListOutputSerializer = page_serializer(
    ApiKeyOutputSerializer, "keys", "ApiKeyPageOutputSerializer"
)


class ClubOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    time_zone = serializers.CharField(
        help_text="where the club plays (IANA name): standings and exports count club nights "
        "in this zone"
    )
    night_turns_at = serializers.CharField(
        help_text="HH:MM: a club night runs until this hour the next morning"
    )


class ClubUpdateInputSerializer(BodySerializer):
    time_zone = StrictCharField(
        max_length=64, help_text="an IANA time zone name, e.g. America/Chicago"
    )
