from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ViewerOutput")


@_attrs_define
class ViewerOutput:
    """
    Attributes:
        id (UUID):
        url (str): the players' view: open it, or scan its QR code
        code (str): the short code a player types at /join
        qr_svg_url (str): the link's QR code (SVG), drawn by the service
        expires_at (datetime.datetime | None): a day after the table closes; null while the table is open
        created_at (datetime.datetime):
        created_by (str):
    """

    id: UUID
    url: str
    code: str
    qr_svg_url: str
    expires_at: datetime.datetime | None
    created_at: datetime.datetime
    created_by: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        code = self.code

        qr_svg_url = self.qr_svg_url

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "code": code,
                "qr_svg_url": qr_svg_url,
                "expires_at": expires_at,
                "created_at": created_at,
                "created_by": created_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        code = d.pop("code")

        qr_svg_url = d.pop("qr_svg_url")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        viewer_output = cls(
            id=id,
            url=url,
            code=code,
            qr_svg_url=qr_svg_url,
            expires_at=expires_at,
            created_at=created_at,
            created_by=created_by,
        )

        viewer_output.additional_properties = d
        return viewer_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
