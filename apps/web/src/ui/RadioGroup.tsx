import styles from './RadioGroup.module.css';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  /** Extra words under the label; kept out of the radio's accessible name. */
  description?: string;
}

interface RadioGroupProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
}

/** A fieldset of radio cards: the legend names the choice, each label names its radio. */
export function RadioGroup<V extends string>({ legend, name, value, options, onChange }: RadioGroupProps<V>) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.description ? `${name}-${option.value}-description` : undefined}
            />
            <span className={styles.text}>
              <span>{option.label}</span>
              {option.description && (
                <span
                  id={`${name}-${option.value}-description`}
                  className={styles.description}
                  aria-hidden="true"
                >
                  {option.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
