-- onboarding_v2 marks the accounts that signed up through the onboarding with the referral welcome
-- (the column's default, so every new account). The accounts made before it are not welcomed
-- after the fact.
UPDATE users SET onboarding_v2 = false;
