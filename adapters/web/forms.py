"""HTML forms as a browser would submit them, which is what boards require of them.

phpBB guards every form with hidden ``creation_time`` and ``form_token`` fields
(``phpbb/form/form_helper.php``, ``check_form_key``): the token must be posted back unchanged
and the form must be at least one second old; MyBB with ``my_post_key``, the same in every form
of an account. So a form is always fetched, kept whole and submitted with one named submit
button (phpBB ignores a POST without ``post``/``login``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bs4 import BeautifulSoup, Tag

# Controls a browser never submits unless clicked or filled by hand.
_NEVER_SENT = {"submit", "image", "button", "reset", "file"}


@dataclass(frozen=True, slots=True)
class Form:
    """A form's action and the fields a browser would send, in document order."""

    action: str
    method: str = "post"
    fields: tuple[tuple[str, str], ...] = ()
    buttons: tuple[tuple[str, str], ...] = ()
    form_id: str | None = None
    names: frozenset[str] = field(default_factory=frozenset)

    def value(self, name: str) -> str | None:
        return next((value for key, value in self.fields if key == name), None)

    @property
    def creation_time(self) -> int | None:
        value = self.value("creation_time")
        return int(value) if value and value.isdigit() else None

    def payload(
        self,
        submit: str,
        values: dict[str, str] | None = None,
        drop: tuple[str, ...] = (),
        extra: tuple[tuple[str, str], ...] = (),
    ) -> list[tuple[str, str]]:
        """The fields to POST: the form's own, with ``values`` replaced, ``drop`` left out (a
        name ending in "[" drops a whole array, as ``address_list[``), ``extra`` added, and
        the one submit button ``submit`` (with its label)."""
        values = values or {}
        prefixes = tuple(name for name in drop if name.endswith("["))
        sent: list[tuple[str, str]] = []
        for key, value in self.fields:
            if key in drop or key in values or (prefixes and key.startswith(prefixes)):
                continue
            sent.append((key, value))
        sent.extend(values.items())
        sent.extend(extra)
        label = next((value for key, value in self.buttons if key == submit), submit.title())
        sent.append((submit, label))
        return sent


def find_form(soup: BeautifulSoup, *ids: str) -> Form | None:
    """The first form whose id is one of ``ids`` (or whose name is, as in phpBB 3.0)."""
    for form_id in ids:
        tag = soup.find("form", id=form_id) or soup.find("form", attrs={"name": form_id})
        if isinstance(tag, Tag):
            return read_form(tag)
    return None


def all_forms(soup: BeautifulSoup) -> list[Form]:
    return [read_form(tag) for tag in soup.find_all("form")]


def read_form(tag: Tag) -> Form:
    fields: list[tuple[str, str]] = []
    buttons: list[tuple[str, str]] = []
    names: set[str] = set()
    for control in tag.find_all(["input", "textarea", "select", "button"]):
        name = control.get("name")
        if not name:
            continue
        names.add(str(name))
        kind = str(control.get("type", "text")).lower()
        if control.name == "button" or kind in ("submit", "image"):
            buttons.append((str(name), str(control.get("value", ""))))
        elif control.name == "textarea":
            fields.append((str(name), _textarea_value(control)))
        elif control.name == "select":
            selected = _selected_option(control)
            if selected is not None:
                fields.append((str(name), selected))
        elif kind in _NEVER_SENT:
            continue
        elif kind in ("checkbox", "radio"):
            if control.has_attr("checked"):
                fields.append((str(name), str(control.get("value", "on"))))
        else:
            fields.append((str(name), str(control.get("value", ""))))
    return Form(
        action=str(tag.get("action", "")),
        method=str(tag.get("method", "get")).lower(),
        fields=tuple(fields),
        buttons=tuple(buttons),
        form_id=str(tag.get("id") or tag.get("name") or "") or None,
        names=frozenset(names),
    )


def _textarea_value(control: Tag) -> str:
    text = control.get_text()
    # HTML drops one newline right after <textarea>; phpBB's templates put the text there.
    return text[1:] if text.startswith("\n") else text


def _selected_option(control: Tag) -> str | None:
    options = control.find_all("option")
    chosen = next((option for option in options if option.has_attr("selected")), None)
    chosen = chosen or (options[0] if options else None)
    if chosen is None:
        return None
    return str(chosen.get("value", chosen.get_text()))
