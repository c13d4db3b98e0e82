"""Saving a model form over an existing row without undoing what others changed meanwhile.

``ModelForm.save()`` writes every column of the row as the form read it, so a suspension
or a rename committed between the form's reading the row and its saving was undone. These
write only the columns whose value the form changed (``update_fields``).
"""


def changed_model_fields(form) -> list[str]:
    """The names of the model's columns whose value ``form`` changed."""
    columns = {field.name for field in form.instance._meta.concrete_fields}
    return [name for name in form.changed_data if name in columns]


def save_changed(form):
    """``form.save()`` for a row that exists, writing only the changed columns (nothing when
    none changed); many-to-many fields are saved as usual."""
    instance = form.save(commit=False)
    fields = changed_model_fields(form)
    if fields:
        instance.save(update_fields=fields)
    form.save_m2m()
    return instance
