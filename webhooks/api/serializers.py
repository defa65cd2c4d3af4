from __future__ import annotations

from django.utils.translation import gettext
from rest_framework import serializers

from api_common.bodies import BodySerializer
from api_common.fields import StrictBooleanField, StrictCharField
from api_common.pagination import page_serializer
from webhooks.kinds import KIND_DESCRIPTIONS, WEBHOOK_KINDS
from webhooks.models import DeliveryStatus, WebhookAttempt, WebhookEndpoint
from webhooks.targets import TargetRefused, check_registration

_KIND_HELP = "; ".join(f"`{kind}`: {KIND_DESCRIPTIONS[kind]}" for kind in WEBHOOK_KINDS)


def _kinds_field(*, required: bool) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(choices=list(WEBHOOK_KINDS)),
        allow_empty=False,
        required=required,
        help_text=f"the event kinds to deliver. {_KIND_HELP}",
    )


class _HttpUrlField(serializers.URLField):
    def to_internal_value(self, data: object) -> str:
        value = str(super().to_internal_value(data))
        if not value.lower().startswith(("http://", "https://")):
            raise serializers.ValidationError(gettext("only http and https URLs are allowed"))
        try:
            check_registration(value)
        except TargetRefused as refusal:
            raise serializers.ValidationError(
                gettext("refused: %(reason)s (webhooks reach public addresses only)")
                % {"reason": refusal}
            ) from None
        return value


class WebhookCreateInputSerializer(BodySerializer):
    url = _HttpUrlField(max_length=2000, help_text="where the events are POSTed")
    kinds = _kinds_field(required=True)
    description = StrictCharField(max_length=200, required=False, allow_blank=True)


class WebhookUpdateInputSerializer(BodySerializer):
    url = _HttpUrlField(max_length=2000, required=False)
    kinds = _kinds_field(required=False)
    description = StrictCharField(max_length=200, required=False, allow_blank=True)
    active = StrictBooleanField(
        required=False, help_text="true delivers what was recorded while it was off"
    )


class WebhookUnblockInputSerializer(BodySerializer):
    action = serializers.ChoiceField(
        choices=["retry", "skip"],
        help_text="`retry` the dead delivery (a fresh run of attempts) or `skip` it",
    )


_ENDPOINT_FIELDS = [
    "id",
    "url",
    "kinds",
    "description",
    "active",
    "created_at",
    "updated_at",
    "checkpoint_position",
    "pending_position",
    "next_attempt_at",
    "blocked",
]


class WebhookOutputSerializer(serializers.ModelSerializer):
    kinds = serializers.ListField(child=serializers.CharField())
    checkpoint_position = serializers.IntegerField(
        read_only=True, help_text="every event up to this global position has been dealt with"
    )
    pending_position = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="the event being retried (or dead), if any"
    )
    next_attempt_at = serializers.DateTimeField(read_only=True, allow_null=True)
    blocked = serializers.BooleanField(
        read_only=True, help_text="a delivery is dead: later events wait for an unblock"
    )

    class Meta:
        model = WebhookEndpoint
        fields = _ENDPOINT_FIELDS


class WebhookCreatedOutputSerializer(WebhookOutputSerializer):
    secret = serializers.CharField(
        allow_null=True,
        help_text="signs every request (X-Bourre-Signature): shown only in this response "
        "(null in an idempotent replay: a secret is never kept)",
    )

    class Meta:
        model = WebhookEndpoint
        fields = [*_ENDPOINT_FIELDS, "secret"]


WebhookListOutputSerializer = page_serializer(
    WebhookOutputSerializer, "webhooks", "WebhookPageOutputSerializer"
)


class WebhookAttemptOutputSerializer(serializers.ModelSerializer):
    delivery_id = serializers.CharField(source="delivery.delivery_id")
    position = serializers.IntegerField(source="delivery.position")
    kind = serializers.CharField(source="delivery.kind")
    table_id = serializers.UUIDField(source="delivery.table_id")
    delivery_status = serializers.ChoiceField(
        source="delivery.status", choices=DeliveryStatus.choices
    )
    attempt = serializers.IntegerField(source="number")

    class Meta:
        model = WebhookAttempt
        fields = [
            "id",
            "delivery_id",
            "position",
            "kind",
            "table_id",
            "attempt",
            "succeeded",
            "status_code",
            "error",
            "duration_ms",
            "started_at",
            "finished_at",
            "next_retry_at",
            "delivery_status",
        ]


WebhookAttemptListOutputSerializer = page_serializer(
    WebhookAttemptOutputSerializer, "attempts", "WebhookAttemptPageOutputSerializer"
)


class WebhookUnblockOutputSerializer(serializers.Serializer):
    webhook = WebhookOutputSerializer()
    position = serializers.IntegerField(
        allow_null=True, help_text="the dead delivery's event; null if it was not blocked"
    )
    action = serializers.CharField()
