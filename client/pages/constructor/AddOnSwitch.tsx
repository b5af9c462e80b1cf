interface AddOnSwitchProps {
  name: string;
  title: string;
  detail: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

/** An add-on as a checkbox drawn like a switch; unticked, a GET form leaves it out (= off). */
export function AddOnSwitch({ name, title, detail, checked, onChange }: AddOnSwitchProps) {
  return (
    <label className="add-on">
      <input
        className="add-on__input"
        type="checkbox"
        name={name}
        value="1"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="add-on__text">
        <span className="add-on__title">{title}</span>
        <span className="add-on__detail">{detail}</span>
      </span>
      <span className="add-on__switch" aria-hidden="true" />
    </label>
  );
}
